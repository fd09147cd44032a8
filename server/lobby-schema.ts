/**
 * The lobby API's request bodies, as zod schemas: one per route that writes
 * (`create`, `join`, `leave`, `update`/`rename`, `playAgain`, and the
 * site's own `close`, server/close-match.ts, and `clock`,
 * server/start-clock.ts). Each refusal
 * carries the plain sentence the client sees with the 400.
 *
 * A body is also refused before any schema runs when it nests deeper than
 * `MAX_DEPTH` or uses a key that could reach a prototype (`__proto__`,
 * `constructor`, `prototype`) anywhere: nothing the lobby stores needs either.
 */
import { z } from 'zod';

/** A seat number "0".."99". */
export const SEAT = /^(0|[1-9]\d?)$/;
/** Longest player name. */
export const MAX_NAME = 40;
/** Longest credentials string. */
export const MAX_CREDENTIALS = 256;
/** Largest player `data`, as JSON text. */
export const MAX_DATA = 1024;
/** Largest `setupData`, as JSON text. */
export const MAX_SETUP_DATA = 2048;
/** Deepest nesting of objects and arrays in a body. */
export const MAX_DEPTH = 16;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** True for `{...}` made by JSON.parse or a literal (not arrays, not class instances). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The first reason a parsed JSON value is unsafe to hand on (too deep, or a
 * prototype key), found without recursion so that no nesting can overflow the stack.
 */
export function unsafeJson(value: unknown, maxDepth = MAX_DEPTH): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return `The body nests deeper than ${maxDepth} levels`;
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not accepted`;
      stack.push([item, depth + 1]);
    }
  }
  return undefined;
}

/** `null` counts as absent, as boardgame.io's routes treat it. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null ? undefined : v), schema.optional());

const required = (key: string, what: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? `${key} is required` : `${key} must be ${what}`;

const SEAT_MESSAGE = 'playerID must be a seat number such as "0"';
const seat = z
  .union([z.string(), z.number().int()], { error: required('playerID', 'a seat number such as "0"') })
  .transform(String)
  .pipe(z.string().regex(SEAT, SEAT_MESSAGE));

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;
const playerName = (key: 'playerName' | 'newName') => {
  const message = `${key} must be 1 to ${MAX_NAME} printable characters`;
  return z
    .string({ error: required(key, 'a string') })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, message).max(MAX_NAME, message).regex(PRINTABLE, message));
};

const credentials = z
  .string({ error: 'credentials must be a non-empty string' })
  .min(1, 'credentials must be a non-empty string')
  .max(MAX_CREDENTIALS, 'credentials must be a non-empty string');

const jsonValue = (key: string, max: number, objectOnly: boolean) =>
  z
    .unknown()
    .refine((v) => !objectOnly || isPlainObject(v), `${key} must be a JSON object`)
    .refine((v) => (JSON.stringify(v)?.length ?? 0) <= max, `${key} is larger than ${max} bytes`);

/** The creator key that `create` and `playAgain` answer with (server/close-match.ts). */
const creatorKey = z
  .string({ error: 'creatorKey must be the key the server gave when the match was created' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'creatorKey must be the key the server gave when the match was created');

const unlisted = z.boolean({ error: 'unlisted must be true or false' });
const turnClock = z.enum(['none', '1m', '5m', '1d'], { error: 'turnClock must be none, 1m, 5m or 1d' });

const numPlayers = (min: number, max: number) => {
  const message = `numPlayers must be an integer from ${min} to ${max}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,3}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
};

/** A seat's `data`, any JSON but the mark the server gives its bot seats (`data.bot`, which the clients read). */
const seatData = jsonValue('data', MAX_DATA, false).refine(
  (v) => !isPlainObject(v) || !Object.hasOwn(v, 'bot'),
  "data.bot is kept for the server's bot seats",
);

/** The body schemas of one game's lobby routes (player counts differ per game). */
export function lobbySchemas(minPlayers: number, maxPlayers: number) {
  const players = numPlayers(minPlayers, maxPlayers);
  const setupData = optional(jsonValue('setupData', MAX_SETUP_DATA, true));
  const update = z
    .object({
      playerID: seat,
      credentials,
      newName: optional(playerName('newName')),
      data: optional(seatData),
    })
    .refine((b) => b.newName !== undefined || b.data !== undefined, 'newName or data is required');
  return {
    create: z.object({
      numPlayers: optional(players),
      unlisted: optional(unlisted),
      setupData,
      turnClock: optional(turnClock),
    }),
    join: z.object({
      playerID: optional(seat),
      playerName: playerName('playerName'),
      data: optional(seatData),
      creatorKey: optional(creatorKey),
    }),
    leave: z.object({ playerID: seat, credentials }),
    close: z.object({ playerID: seat, credentials }),
    clock: z.object({ playerID: seat, credentials }),
    update,
    rename: update,
    playAgain: z.object({
      playerID: seat,
      credentials,
      numPlayers: optional(players),
      unlisted: optional(unlisted),
      setupData,
    }),
  };
}

/** A lobby route that writes, by its canonical name. */
export type LobbyRoute = keyof ReturnType<typeof lobbySchemas>;

/** Every writing route, keyed by its lower-case spelling (boardgame.io's router ignores case). */
export const LOBBY_ROUTES: ReadonlyMap<string, LobbyRoute> = new Map<string, LobbyRoute>([
  ['create', 'create'],
  ['join', 'join'],
  ['leave', 'leave'],
  ['update', 'update'],
  ['rename', 'rename'],
  ['playagain', 'playAgain'],
  ['close', 'close'],
  ['clock', 'clock'],
]);
