import { readFileSync } from 'node:fs';

/** A process's resident set in bytes, from /proc (Linux); this process's own without a pid. */
export function rssOf(pid?: number): number {
  if (pid === undefined) return process.memoryUsage.rss();
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * Samples a process's RSS every `everyMs` until `stop`, which answers the RSS at the start and the
 * highest sample. Sampling, not VmHWM: the high-water mark would keep the server's start-up peak.
 */
export function sampleRss(pid: number | undefined, everyMs = 20) {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // The process ended: the download that needs it fails on its own, with its own error.
      clearInterval(timer);
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { before, peak };
    },
  };
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used (user + system), in milliseconds, from /proc/<pid>/stat: on a
 * machine other work shares, what a download cost the server, apart from how long it waited.
 */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}
