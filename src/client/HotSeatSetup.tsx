/** Hot-seat setup: 2–4 seats, each a named human or a bot, and the rules options. */
import { useState } from 'react';
import { PlayerCount, SeatRows, Segmented, botLikeSeats, resizeSeats, sameNameSeats, seatLabels } from './SetupFields';
import type { SeatChoice } from './seats';
import { loadName } from './lobbyApi';
import { useGame } from './games';

/** A configured hot-seat game. */
export interface HotSeatConfig {
  numPlayers: number;
  seats: SeatChoice[];
  setupData: unknown;
  /** Display name per seat id. */
  names: Record<string, string>;
  /** Pause before each bot move, in ms (older saved games: the default). */
  botDelayMs?: number;
  /** The rule options as the form held them, to fill the form in again (older saved games: none). */
  rules?: unknown;
}

/** How fast bots move, as offered on the form. */
const PACES = { relaxed: 700, quick: 200, instant: 0 } as const;
type Pace = keyof typeof PACES;

const freshSeat = (i: number): SeatChoice => ({ kind: 'human', level: 'normal', name: i === 0 ? loadName() : '' });

/** The pace a saved game was set up with (the default when it was not one the form offers). */
const paceOf = (ms: number | undefined): Pace =>
  (Object.keys(PACES) as Pace[]).find((p) => PACES[p] === ms) ?? 'relaxed';

/** The setup form; `initial`, when given, fills it in with a game's settings (its seats, names and options). */
export function HotSeatSetup(props: { onStart: (c: HotSeatConfig) => void; initial?: HotSeatConfig | null }) {
  const game = useGame();
  const initial = props.initial;
  const [numPlayers, setNumPlayers] = useState(() =>
    initial ? Math.min(game.def.maxPlayers, Math.max(game.def.minPlayers, initial.numPlayers)) : game.def.minPlayers,
  );
  const [seats, setSeats] = useState<SeatChoice[]>(() =>
    Array.from({ length: numPlayers }, (_, i) => (initial?.seats[i] ? { ...initial.seats[i] } : freshSeat(i))),
  );
  const [rules, setRules] = useState<unknown>(() => initial?.rules ?? game.rules.initial);
  const [pace, setPace] = useState<Pace>(() => paceOf(initial?.botDelayMs));

  const start = () => {
    // A person named like a bot would be shown as one, and two seats of one name as one player: the seat rows say
    // so, and the first such name takes the focus.
    const refused = [...botLikeSeats(seats), ...sameNameSeats(seats).map((d) => d.seat)];
    if (refused.length > 0) {
      document.querySelector<HTMLInputElement>(`[data-testid="hs-name-${Math.min(...refused)}"]`)?.focus();
      return;
    }
    const names: Record<string, string> = Object.fromEntries(seatLabels(seats, false).map((n, i) => [String(i), n]));
    props.onStart({
      numPlayers,
      seats,
      setupData: game.rules.toSetupData(rules, numPlayers),
      names,
      botDelayMs: PACES[pace],
      rules,
    });
  };

  return (
    <section className="card narrow" data-testid="hotseat-setup">
      <h2>Hot-seat: {game.def.title}</h2>
      <p className="muted">
        Everyone plays on this device. When it passes to a player who holds something the others may not see, the screen
        hides it until that player is ready.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          start();
        }}
      >
        <PlayerCount
          value={numPlayers}
          min={game.def.minPlayers}
          max={game.def.maxPlayers}
          onChange={(n) => {
            setNumPlayers(n);
            setSeats((s) => resizeSeats(s, n, freshSeat));
          }}
          testid="hs-players"
        />
        <SeatRows seats={seats} onChange={setSeats} humanLabel="name" testid="hs" />
        <game.rules.Fields
          value={rules}
          numPlayers={numPlayers}
          seatNames={seatLabels(seats, false)}
          onChange={setRules}
          testid="hs"
        />
        {seats.some((s) => s.kind === 'bot') && (
          <Segmented
            label="Bot pace"
            ariaLabel="Bot pace"
            options={Object.keys(PACES) as Pace[]}
            value={pace}
            onChange={setPace}
            text={(p) => p[0].toUpperCase() + p.slice(1)}
            testid={(p) => `hs-pace-${p}`}
          />
        )}
        <button type="submit" className="primary" data-testid="hs-start">
          Start game
        </button>
      </form>
    </section>
  );
}
