/** Touched On in the client: its board and what the generic pages ask of it (src/client/games.ts). */
import type { ClientGame, RulesFieldsProps } from '../../../client/games';
import { Segmented } from '../../../client/SetupFields';
import { touchedOn } from '../def';
import type { TOSetupData, TOState } from '../types';
import { actingPlayer } from '../legal';
import { lazyNamed } from '../../../client/Deferred';
import { TouchedOnPicture } from './Picture';
import { SEAT_COLOURS, SEAT_COLOUR_NAMES } from './logic';
import { SeatMark } from './SeatMark';
import { logText } from './logText';
import { PowerList } from './Help';

/** More turns than any journey lasts: the replay's count of time is the journey times this plus its turn. */
const JOURNEY_TURNS = 10_000;

/** Rule options as the forms hold them: who deals first. */
export interface RulesChoice {
  dealer: 'random' | number;
}

function RulesFields(props: RulesFieldsProps<RulesChoice>) {
  const seats = Array.from({ length: props.numPlayers }, (_, i) => i);
  return (
    <Segmented<'random' | number>
      label="First dealer (the player to their left starts)"
      ariaLabel="First dealer"
      options={['random', ...seats]}
      value={props.value.dealer === 'random' || props.value.dealer < props.numPlayers ? props.value.dealer : 'random'}
      onChange={(dealer) => props.onChange({ dealer })}
      text={(v) => (v === 'random' ? 'Random' : (props.seatNames[v] ?? `Seat ${v + 1}`))}
      testid={(v) => `${props.testid}-dealer-${v}`}
    />
  );
}

/** "How to play", in brief, with what each Power card does. */
function Help() {
  return (
    <details className="help" data-testid="help">
      <summary>How to play</summary>
      <ul>
        <li>
          Get rid of all your cards. On your turn play at most one Inspector, then one batch of up to 9 Evaders of one
          Line, and at most one Power card, at any point. You must play if you can; if you cannot, draw one card.
        </li>
        <li>
          Evaders go on their own Line: the current one, or a Line next to it (which starts a new carriage). The player
          who adds the 9th card to a Line takes the Exp card hidden under it.
        </li>
        <li>
          An Inspector catches the carriage the previous player just added to: they take every Evader in it, other
          players’ too. An Authorised Inspector works on its own Line only, and an Appeal against it fails; an
          Undercover one works anywhere but can be appealed.
        </li>
        <li>
          Play your last card and it is DING: if the next player does not give you a card back, you finish. The first to
          finish a journey takes 2 Exp, the second 1 (with 2 players the journey ends at the first finish). Journeys are
          dealt again until the Exp cards run out; the most Exp wins.
        </li>
      </ul>
      <p>The Power cards (one per turn, in your own turn unless it says otherwise):</p>
      <PowerList />
    </details>
  );
}

/** The board, loaded when a match or hot-seat game is first shown. */
const TouchedOnBoard = lazyNamed(() => import('./Board'), 'TouchedOnBoard');

export const touchedOnClient: ClientGame<RulesChoice> = {
  def: touchedOn,
  Board: TouchedOnBoard,
  Help,
  seatColours: SEAT_COLOURS.map((css, i) => ({ name: SEAT_COLOUR_NAMES[i], css })),
  SeatMark: ({ seat, size }) => <SeatMark id={String(seat)} size={size} />,
  Picture: TouchedOnPicture,
  rules: {
    initial: { dealer: 'random' },
    Fields: RulesFields,
    toSetupData: (v, numPlayers): TOSetupData =>
      v.dealer === 'random' || v.dealer >= numPlayers ? {} : { dealer: v.dealer },
  },
  acting: (G, ctx) => actingPlayer(G as TOState, ctx) ?? ctx.currentPlayer,
  decision: (G, ctx) => {
    const p = (G as TOState).pending;
    // Only an Appeal is asked out of turn (a Tram Tracker's swap is its chooser's, in their own turn).
    if (!p || p.kind !== 'appeal' || p.player === ctx.currentPlayer) return null;
    return p.source === 'feetOnSeat'
      ? 'must decide whether to Appeal the Feet On Seat.'
      : 'must decide whether to Appeal the inspection.';
  },
  spectatorUnseen: "no one's hand",
  describeSetup: (setupData) => {
    const d = (setupData ?? {}) as TOSetupData;
    return typeof d.dealer === 'number' ? `seat ${d.dealer + 1} deals first` : 'random first dealer';
  },
  logLines: (G, names) => (G as TOState).log.map((e) => logText(e, names)),
  // The replay counts turns as the board does, within each journey ("Journey 2 · turn 10"), not boardgame.io's 21.
  period: {
    of: (G) => (G as TOState).journey * JOURNEY_TURNS + (G as TOState).turn.number,
    text: (n) => {
      const turn = n % JOURNEY_TURNS;
      return `Journey ${Math.floor(n / JOURNEY_TURNS)}${turn ? ` · turn ${turn}` : ''}`;
    },
  },
};
