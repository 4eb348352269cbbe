/**
 * Cleanup that runs however a benchmark ends: normal return, thrown error, Ctrl-C or kill.
 * Tasks are synchronous on purpose: an 'exit' handler cannot wait for promises, and a
 * benchmark that leaves a server or a database behind poisons the next run.
 */
type Task = { label: string; run: () => void };

const tasks: Task[] = [];
let installed = false;

function runAll(): void {
  while (tasks.length > 0) {
    const task = tasks.pop();
    if (!task) break;
    try {
      task.run();
    } catch (err) {
      console.error(`cleanup "${task.label}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      runAll();
      process.exit(130);
    });
  }
}

/** Registers a task (run last-in first-out) and returns a function that runs it now, once. */
export function onCleanup(label: string, run: () => void): () => void {
  install();
  const task: Task = { label, run };
  tasks.push(task);
  return () => {
    const index = tasks.indexOf(task);
    if (index === -1) return;
    tasks.splice(index, 1);
    run();
  };
}

/** Runs every registered task now (from a finally block). */
export function cleanupNow(): void {
  runAll();
}

/**
 * Runs a benchmark's main: an error is printed and fails the process, and the cleanup runs
 * however it ends. The one way every benchmark ends.
 */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    cleanupNow();
  }
}
