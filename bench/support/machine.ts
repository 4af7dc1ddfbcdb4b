import { availableParallelism, loadavg } from "node:os"

/** The machine's one-, five- and fifteen-minute load averages: other work on its cores skews a run. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")

/** How many cores this process may use, and how busy the machine is now. */
export const machineFacts = () => `${availableParallelism()} cores, load average ${loadAverage()}`
