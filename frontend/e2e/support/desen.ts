import { execFileSync } from 'node:child_process';
import { desenBin, serverEnv } from './env';

/** What `desen` runs as: the command line of the run's server (database, data directory) unless told otherwise. */
export type Desen = (...args: string[]) => string;

/** The `desen` binary with the environment of the run in `dir` (or `env`): runs one command, answers its output. */
export function desenCommand(dir: string, env: Record<string, string> = serverEnv(dir)): Desen {
  const full = { ...process.env, ...env };
  return (...args) => execFileSync(desenBin, args, { env: full, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
}

/** The journeys page through three pages of 25 results: the demo archive must be larger than that. */
export const MIN_DEMO_DESIGNS = 51;

/**
 * Fills the archive with `desen demo` (real files through the real import pipeline, with labels,
 * palettes and thumbnails); answers how many designs it added and how long it took (s).
 */
export function fillDemoArchive(desen: Desen): { added: number; seconds: number } {
  const started = Date.now();
  const output = desen('demo');
  const added = Number(/demo archive: (\d+) designs added/.exec(output)?.[1] ?? 0);
  if (added < MIN_DEMO_DESIGNS) throw new Error(`\`desen demo\` added ${added} designs, the runs need at least ${MIN_DEMO_DESIGNS}:\n${output}`);
  return { added, seconds: Math.round((Date.now() - started) / 1000) };
}
