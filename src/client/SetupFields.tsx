/**
 * Form pieces shared by the online "New match" form and the hot-seat setup:
 * player count, seats (human or bot with a level), a first-player field and
 * the form footer. Each game adds its own rule options (`ClientGame.rules`).
 */
import { useEffect, useId, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { BOT_LEVELS, botName, type BotLevel, type SeatChoice } from './seats';
import { useGame } from './games';
import { SeatDot } from './SeatDot';
import { BOT_LIKE_NAME, looksLikeBotName } from '../games/common/names';
import { isNameTaken, nameHeldBy, nameTaken, sameName } from '../games/common/same-name';

/** The error shown when a player tries to create or join without a name (cleared once one is typed). */
export const NAME_FIRST = 'Enter your name first: the other players will see it.';

/**
 * Why a player's name may not be used to create or join a match ('' when it may): none typed, a bot's, or, joining,
 * the name of another player already in it (`others`, the match's seats' names).
 */
export function nameProblem(name: string, others: readonly (string | undefined)[] = []): string {
  if (!name.trim()) return NAME_FIRST;
  if (looksLikeBotName(name)) return BOT_LIKE_NAME;
  const held = nameHeldBy(name, others);
  return held === undefined ? '' : nameTaken(held);
}

/** Whether an error shown is about the name typed (`nameProblem`'s): its field is then marked invalid and named by it. */
export const isNameProblem = (error: string): boolean =>
  error === NAME_FIRST || error === BOT_LIKE_NAME || isNameTaken(error);

/** The hot-seat seats whose typed names read as a bot's (`looksLikeBotName`): the game would show them as bots. */
export function botLikeSeats(seats: readonly SeatChoice[]): number[] {
  return seats.flatMap((s, i) => (s.kind === 'human' && looksLikeBotName(s.name) ? [i] : []));
}

/**
 * The hot-seat seats called as an earlier seat is (`seatLabels`: the game would show them as one player), each with
 * the earlier seat. A seat left empty is not one (its label, "Player 2", is the game's), but a name typed as another
 * seat's empty label is ("Player 2" typed for seat 1 while seat 2 has none).
 */
export function sameNameSeats(seats: readonly SeatChoice[]): { seat: number; as: number }[] {
  const labels = seatLabels(seats, false);
  const typed = (i: number) => seats[i].kind === 'human' && seats[i].name.trim() !== '';
  return seats.flatMap((_, i) => {
    if (!typed(i)) return [];
    const as = labels.findIndex((l, j) => j !== i && (j < i || !typed(j)) && sameName(l, labels[i]));
    return as < 0 ? [] : [{ seat: i, as }];
  });
}

/**
 * Clears the "Enter your name first" error as soon as a name is typed, the bot's-name one once it is changed, and
 * the one of a name another player has as soon as it is changed (Join checks the new one again).
 */
export function useNameFirstCleared(name: string, setError: Dispatch<SetStateAction<string>>): void {
  useEffect(() => {
    if (!name.trim()) return;
    setError((e) => (e === NAME_FIRST || (e === BOT_LIKE_NAME && !looksLikeBotName(name)) || isNameTaken(e) ? '' : e));
  }, [name, setError]);
}

/**
 * A row of toggle buttons choosing one of `options`: a labelled radio group as WAI-ARIA's pattern has it, one Tab
 * stop (the checked option; the first if none is), the arrow keys moving to the previous or next option and choosing
 * it (round from the last to the first), Home and End to the first and last.
 */
export function Segmented<T extends string | number>(props: {
  label: string;
  ariaLabel: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  text: (v: T) => string;
  testid: (v: T) => string;
  /** A line under the choices saying what they mean, read with the group by a screen reader. */
  hint?: string;
}) {
  const { options } = props;
  const hintID = useId();
  const checked = options.indexOf(props.value);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const n = options.length;
    const at = Math.max(0, checked);
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (at + 1) % n
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (at - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : null;
    if (to === null || n === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    if (to !== checked) props.onChange(options[to]);
    e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')[to]?.focus();
  };
  return (
    <div className="field">
      <span className="label">{props.label}</span>
      <div
        className="segmented"
        role="radiogroup"
        aria-label={props.ariaLabel}
        aria-describedby={props.hint ? hintID : undefined}
        onKeyDown={onKeyDown}
      >
        {options.map((v, i) => (
          <button
            key={v}
            type="button"
            role="radio"
            aria-checked={props.value === v}
            tabIndex={i === Math.max(0, checked) ? 0 : -1}
            className={props.value === v ? 'active' : ''}
            data-testid={props.testid(v)}
            onClick={() => props.onChange(v)}
          >
            {props.text(v)}
          </button>
        ))}
      </div>
      {props.hint && (
        <small className="muted field-hint" id={hintID}>
          {props.hint}
        </small>
      )}
    </div>
  );
}

/** 2, 3 or 4 players. */
export function PlayerCount(props: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  testid: string;
}) {
  return (
    <Segmented
      label="Players"
      ariaLabel="Number of players"
      options={Array.from({ length: props.max - props.min + 1 }, (_, i) => props.min + i)}
      value={props.value}
      onChange={props.onChange}
      text={String}
      testid={(n) => `${props.testid}-${n}`}
    />
  );
}

/** One row per seat: who plays it. */
export function SeatRows(props: {
  seats: SeatChoice[];
  onChange: (seats: SeatChoice[]) => void;
  /** Label of a human seat that is not the first: "Open for a friend" online, a name field in hot-seat. */
  humanLabel: 'open' | 'name';
  /** Online: the first seat is always the creator, shown with this name. */
  firstIsYou?: string;
  testid: string;
}) {
  const game = useGame();
  const errorId = useId();
  const sameId = useId();
  const set = (i: number, patch: Partial<SeatChoice>) =>
    props.onChange(props.seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const botLike = props.humanLabel === 'name' ? botLikeSeats(props.seats) : [];
  const same = props.humanLabel === 'name' ? sameNameSeats(props.seats) : [];
  const labels = seatLabels(props.seats, false);
  // The ids of the reasons said about seat i's name, for its field's aria-describedby.
  const reasons = (i: number) =>
    [botLike.includes(i) ? errorId : '', same.some((d) => d.seat === i) ? `${sameId}-${i}` : '']
      .filter(Boolean)
      .join(' ');
  return (
    <div className="field">
      <span className="label">Seats</span>
      <ol className="seat-rows">
        {props.seats.map((s, i) => {
          const locked = props.firstIsYou !== undefined && i === 0;
          return (
            <li key={i} className="seat-row" data-testid={`${props.testid}-seat-${i}`}>
              <SeatDot game={game} seat={i} />
              <span className="seat-no">Seat {i + 1}</span>
              {locked ? (
                <span className="seat-you">
                  {props.firstIsYou?.trim() ? `You (${props.firstIsYou.trim()})` : 'You'}
                </span>
              ) : (
                <select
                  aria-label={`Seat ${i + 1} player`}
                  data-testid={`${props.testid}-kind-${i}`}
                  value={s.kind}
                  onChange={(e) => set(i, { kind: e.target.value as SeatChoice['kind'] })}
                >
                  <option value="human">{props.humanLabel === 'open' ? 'Open for a friend' : 'Human'}</option>
                  <option value="bot">Bot</option>
                </select>
              )}
              {s.kind === 'bot' && !locked && (
                <select
                  aria-label={`Seat ${i + 1} bot level`}
                  data-testid={`${props.testid}-level-${i}`}
                  value={s.level}
                  onChange={(e) => set(i, { level: e.target.value as BotLevel })}
                >
                  {BOT_LEVELS.map((l) => (
                    <option key={l} value={l}>
                      {l[0].toUpperCase() + l.slice(1)}
                    </option>
                  ))}
                </select>
              )}
              {s.kind === 'human' && props.humanLabel === 'name' && (
                <input
                  aria-label={`Seat ${i + 1} name`}
                  data-testid={`${props.testid}-name-${i}`}
                  value={s.name}
                  maxLength={24}
                  placeholder={`Player ${i + 1}`}
                  aria-invalid={reasons(i) ? true : undefined}
                  aria-describedby={reasons(i) || undefined}
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              )}
            </li>
          );
        })}
      </ol>
      {botLike.length > 0 && (
        <p className="error" role="alert" id={errorId} data-testid={`${props.testid}-name-error`}>
          {botLike.map((i) => `Seat ${i + 1}`).join(', ')}: {BOT_LIKE_NAME}
        </p>
      )}
      {same.map(({ seat, as }) => (
        <p
          key={seat}
          className="error"
          role="alert"
          id={`${sameId}-${seat}`}
          data-testid={`${props.testid}-name-same-${seat}`}
        >
          Seat {seat + 1}: seat {as + 1} is already called {labels[as]}. Give each player a name of their own.
        </p>
      ))}
    </div>
  );
}

/**
 * What each seat is called on a setup form, for the fields that name a seat (who plays first, who deals first): in
 * hot-seat the name typed for it ("Player 2" while none is) or the bot's name, as the game will call them; online the
 * creator's seat is "You", a bot seat the bot's name, and a seat left for a friend "Seat 2 (open)".
 */
export function seatLabels(seats: readonly SeatChoice[], online: boolean): string[] {
  return seats.map((s, i) =>
    s.kind === 'bot'
      ? botName(i, s.level)
      : online
        ? i === 0
          ? 'You'
          : `Seat ${i + 1} (open)`
        : s.name.trim() || `Player ${i + 1}`,
  );
}

/** The first player: at random or a given seat (for games whose setup takes `firstPlayer`). */
export function FirstPlayerField(props: {
  value: 'random' | number;
  numPlayers: number;
  /** What each seat is called on this form (`seatLabels`). */
  seatNames: readonly string[];
  onChange: (v: 'random' | number) => void;
  testid: string;
}) {
  return (
    <label className="field">
      <span className="label">First player</span>
      <select
        data-testid={`${props.testid}-first`}
        value={String(props.value)}
        onChange={(e) => props.onChange(e.target.value === 'random' ? 'random' : Number(e.target.value))}
      >
        <option value="random">Random</option>
        {Array.from({ length: props.numPlayers }, (_, i) => (
          <option key={i} value={i}>
            {props.seatNames[i] ?? `Seat ${i + 1}`}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The end of a lobby form: its error, if any, and the submit button (busy while the request runs). */
export function FormFooter(props: {
  error: string | null | undefined;
  busy: boolean;
  text: string;
  busyText: string;
  testid: string;
  /** The error's id, for the field it is about to name in its `aria-describedby`. */
  errorId?: string;
}) {
  return (
    <>
      {props.error && (
        <p className="error" role="alert" id={props.errorId} data-testid={`${props.testid}-error`}>
          {props.error}
        </p>
      )}
      <button type="submit" className="primary" disabled={props.busy} data-testid={`${props.testid}-submit`}>
        {props.busy ? props.busyText : props.text}
      </button>
    </>
  );
}

/** Resize a seat list to `n`, keeping existing choices. */
export function resizeSeats(seats: SeatChoice[], n: number, fresh: (i: number) => SeatChoice): SeatChoice[] {
  return Array.from({ length: n }, (_, i) => seats[i] ?? fresh(i));
}
