/**
 * Worker threads that think for the online bot seats, so that a bot's search
 * (up to seconds of CPU for `hard`) never blocks the event loop that serves
 * every other match. Decisions queue for the first free worker, first come
 * first served. A worker that dies is replaced; its decision fails and the
 * bot tries again on its next look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BotMove } from '../src/bots';
import { removeDeadPidFiles } from './pid-files';

/** One decision asked of a worker. */
export interface BotJob {
  id: number;
  /** The game (its registry id). */
  gameId: string;
  /** The bot's own client state (its player's view). */
  state: unknown;
  seat: string;
  level: string;
  seed: string;
}

type Reply = { id: number; choice?: BotMove | null; error?: string };

interface Slot {
  worker: Worker;
  job?: { job: BotJob; resolve: (m: BotMove | null) => void; reject: (e: Error) => void };
}

/** The worker file, once per process (every server of a test process shares it). */
let workerFileOnce: Promise<string> | undefined;

/** The worker file: dist/bot-worker.cjs beside the bundled server, or built from source once per process. */
function workerFile(): Promise<string> {
  workerFileOnce ??= findOrBuildWorkerFile().catch((err: unknown) => {
    workerFileOnce = undefined; // a failed build is tried again by the next pool
    throw err;
  });
  return workerFileOnce;
}

async function findOrBuildWorkerFile(): Promise<string> {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const beside = path.join(here, 'bot-worker.cjs');
  if (fs.existsSync(beside)) return beside;
  const esbuild = await import('esbuild');
  const cache = path.join(process.cwd(), 'node_modules', '.cache', 'next-stop-bot-worker');
  removeDeadPidFiles(cache, 'bot-worker-');
  const out = path.join(cache, `bot-worker-${process.pid}.cjs`);
  await esbuild.build({
    entryPoints: [path.join(process.cwd(), 'server', 'bot-worker.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  process.once('exit', () => fs.rmSync(out, { force: true }));
  return out;
}

/** A fixed number of bot worker threads with a queue in front. */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Array<NonNullable<Slot['job']>> = [];
  private file?: Promise<string>;
  private nextID = 1;
  private closed = false;

  /** `size` threads; by default one fewer than the cores, at least one. */
  constructor(private readonly size = Math.max(1, os.availableParallelism() - 1)) {}

  /** Decides for `seat` from `state`; resolves to null when it has nothing to decide. */
  choose(gameId: string, state: unknown, seat: string, level: string, seed: string): Promise<BotMove | null> {
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { id: this.nextID++, gameId, state, seat, level, seed }, resolve, reject });
      void this.pump();
    });
  }

  /** Decisions waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Stops every worker; waiting decisions, and those being made, resolve to null. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.resolve(null);
    // A terminated worker answers nothing, nor fails: its decision would wait for ever.
    for (const slot of this.slots) {
      slot.job?.resolve(null);
      slot.job = undefined;
    }
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  private async pump(): Promise<void> {
    if (this.slots.length < this.size && this.queue.length > 0) await this.spawn();
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      slot.job = this.queue.shift()!;
      slot.worker.postMessage(slot.job.job);
    }
  }

  private async spawn(): Promise<void> {
    this.file ??= workerFile();
    const file = await this.file;
    if (this.closed || this.slots.length >= this.size) return;
    const slot: Slot = { worker: new Worker(file) };
    this.slots.push(slot);
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply) => {
      const pending = slot.job;
      slot.job = undefined;
      if (pending && pending.job.id === reply.id) {
        if (reply.error !== undefined) pending.reject(new Error(reply.error));
        else pending.resolve(reply.choice ?? null);
      }
      void this.pump();
    });
    slot.worker.on('error', (err) => {
      slot.job?.reject(err);
      slot.job = undefined;
      this.slots.splice(this.slots.indexOf(slot), 1);
      void this.pump();
    });
  }
}
