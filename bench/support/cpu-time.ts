import { readFileSync } from "node:fs"

/**
 * CPU time (ms) of every process this one has started and waited for, their own children included: the
 * kernel adds a child's time to its parent's when it is reaped (Linux: /proc/self/stat's cutime + cstime).
 */
export const childrenCpuMs = () => {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? []
  return ((Number(fields[13]) || 0) + (Number(fields[14]) || 0)) * 10
}
