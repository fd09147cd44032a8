/**
 * The lobby's 400 for a name another seat of the match holds (src/games/common/same-name.ts), from the guard's check
 * (server/lobby-guard.ts) and from PostgreSQL's merge of two writes made at once on two processes
 * (server/storage/postgres.ts), so that a player reads the same sentence either way.
 */
import { fail } from './http-error';

/** Throws the 400 for `name`, given as `key` (`playerName` on a join, `newName` on a rename), which `held` reads as. */
export function refuseSameName(key: 'playerName' | 'newName', name: string, held: string): never {
  fail(400, `${key} "${name}" is another player's in this match ("${held}"): each player needs a name of their own`);
}
