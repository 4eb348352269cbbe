import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  date: string;
  nproc: number;
  cpu: string;
  memoryGiB: string;
  node: string;
  loadAverage: string;
}

/** What a figure was measured on: the same numbers mean little on another machine. */
export function machineInfo(): MachineInfo {
  let cpu = 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    cpu = line?.split(':')[1]?.trim() ?? cpu;
  } catch {
    // not Linux: keep "unknown"
  }
  let nproc = os.availableParallelism();
  try {
    nproc = Number.parseInt(execFileSync('nproc', { encoding: 'utf8' }).trim(), 10) || nproc;
  } catch {
    // nproc missing: the Node figure is close enough
  }
  return {
    date: new Date().toISOString(),
    nproc,
    cpu,
    memoryGiB: (os.totalmem() / 1024 ** 3).toFixed(1),
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}
