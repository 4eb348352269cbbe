import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type MachineInfo, machineInfo } from './machine.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A markdown table from a header row and data rows. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map((c) => String(c)).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** "met" / "NOT met" with the figure, so a reader never has to compare numbers by eye. */
export function verdict(ok: boolean): string {
  return ok ? 'met' : '**NOT met**';
}

function machineSection(machine: MachineInfo, dialect: string): string {
  return table(
    ['Date', 'nproc', 'CPU', 'Memory', 'Node', 'Load average (1, 5, 15 min) at start', 'At end', 'Dialect'],
    [
      [
        machine.date,
        machine.nproc,
        machine.cpu,
        `${machine.memoryGiB} GiB`,
        machine.node,
        machine.loadAverage,
        machineInfo().loadAverage,
        dialect,
      ],
    ],
  );
}

/**
 * Where run reports go: bench/reports/, which git ignores (.gitignore). A run report is the whole
 * record of one run; what is kept in git is the summary in docs/benchmarks.md, written by hand
 * from the reports (issue #37).
 */
export const REPORTS_DIR = path.join(ROOT, 'bench/reports');

/**
 * Writes the run report bench/reports/<script>.md (not kept in git: see REPORTS_DIR) with the
 * machine header and the given sections, says so, and returns its path. The machine line is
 * taken when the benchmark starts (pass it in).
 */
export function writeReport(options: {
  script: string;
  title: string;
  dialect: string;
  machine?: MachineInfo;
  sections: readonly string[];
}): string {
  const file = path.join(REPORTS_DIR, `${options.script}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  const body = [
    `# ${options.title}`,
    '',
    `Written by \`bench/${options.script}.ts\` (run it with \`npm run bench -- ${options.script}\`).`,
    '',
    machineSection(options.machine ?? machineInfo(), options.dialect),
    '',
    ...options.sections.flatMap((s) => [s, '']),
  ].join('\n');
  writeFileSync(file, body);
  console.log(`Wrote ${file}`);
  return file;
}
