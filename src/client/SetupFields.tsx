/**
 * Form pieces shared by the online "New match" form and the hot-seat setup:
 * player count, seats (human or bot with a level) and the rules options.
 */
import type { SetupData } from '../game/types';
import { BOT_LEVELS, seatColor, type BotLevel, type SeatChoice } from './seats';

/** Rules options as the forms hold them. */
export interface RulesChoice {
  faceUp: 'final' | 'early';
  /** 'random' or a seat index. */
  firstPlayer: 'random' | number;
}

/** The setupData sent to the game. */
export function toSetupData(rules: RulesChoice, numPlayers: number): SetupData {
  const firstPlayer = rules.firstPlayer === 'random' || rules.firstPlayer >= numPlayers ? 'random' : rules.firstPlayer;
  return { faceUp: rules.faceUp, firstPlayer };
}

/** 2, 3 or 4 players. */
export function PlayerCount(props: { value: number; onChange: (n: number) => void; testid: string }) {
  return (
    <div className="field">
      <span className="label">Players</span>
      <div className="segmented" role="radiogroup" aria-label="Number of players">
        {[2, 3, 4].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={props.value === n}
            className={props.value === n ? 'active' : ''}
            data-testid={`${props.testid}-${n}`}
            onClick={() => props.onChange(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </div>
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
  const set = (i: number, patch: Partial<SeatChoice>) => props.onChange(props.seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <div className="field">
      <span className="label">Seats</span>
      <ol className="seat-rows">
        {props.seats.map((s, i) => {
          const locked = props.firstIsYou !== undefined && i === 0;
          return (
            <li key={i} className="seat-row" data-testid={`${props.testid}-seat-${i}`}>
              <span className={`tram-dot tram-${seatColor(i)}`} aria-hidden />
              <span className="seat-no">Seat {i + 1}</span>
              {locked ? (
                <span className="seat-you">{props.firstIsYou?.trim() ? `You (${props.firstIsYou.trim()})` : 'You'}</span>
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
                  onChange={(e) => set(i, { name: e.target.value })}
                />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Face-up variant and first player. */
export function RulesFields(props: { value: RulesChoice; numPlayers: number; onChange: (r: RulesChoice) => void; testid: string }) {
  const { value, onChange } = props;
  return (
    <>
      <div className="field">
        <span className="label">Face-up Monument cards (2/3/4 players)</span>
        <div className="segmented" role="radiogroup" aria-label="Face-up Monument cards">
          {(['final', 'early'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={value.faceUp === v}
              className={value.faceUp === v ? 'active' : ''}
              data-testid={`${props.testid}-faceup-${v}`}
              onClick={() => onChange({ ...value, faceUp: v })}
            >
              {v === 'final' ? 'Final (18/15/12)' : 'Early (19/16/13)'}
            </button>
          ))}
        </div>
      </div>
      <label className="field">
        <span className="label">First player</span>
        <select
          data-testid={`${props.testid}-first`}
          value={String(value.firstPlayer)}
          onChange={(e) => onChange({ ...value, firstPlayer: e.target.value === 'random' ? 'random' : Number(e.target.value) })}
        >
          <option value="random">Random</option>
          {Array.from({ length: props.numPlayers }, (_, i) => (
            <option key={i} value={i}>
              Seat {i + 1}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** Resize a seat list to `n`, keeping existing choices. */
export function resizeSeats(seats: SeatChoice[], n: number, fresh: (i: number) => SeatChoice): SeatChoice[] {
  return Array.from({ length: n }, (_, i) => seats[i] ?? fresh(i));
}
