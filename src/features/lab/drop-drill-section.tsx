/** Placeholder until the Drop drill lands (issue 15 item 4, the lab-faults side). */
export const DropDrillSection = () => null
