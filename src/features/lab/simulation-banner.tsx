/** Placeholder until the simulation banner lands (issue 15 item 3, the lab-faults side). */
export const SimulationBanner = () => null
