/** Placeholder until the panel's fault controls land (issue 15 item 3, the lab-faults side). */
export const FaultControls = () => null
