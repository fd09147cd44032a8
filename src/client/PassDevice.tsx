/** The screen between two human players in hot-seat: it hides the board and what only the next player may see (a hand, a secret choice) until they are ready. */
import { seatStyle, useGame } from './games';
import { SeatDot } from './SeatDot';

/**
 * "Pass the device to <name>". It takes the board's place in the page, whose header and "Quit game" stay in use: a
 * dialog, but not a modal one (it once said aria-modal, which tells a screen reader the rest of the page is hidden
 * while Tab still reached it).
 */
export function PassDevice(props: { seat: string; name: string; reason: string; onReady: () => void }) {
  const game = useGame();
  return (
    <div className="pass-device" role="dialog" aria-labelledby="pass-title" data-testid="pass-device">
      <div className="pass-card" style={seatStyle(game, props.seat)}>
        <SeatDot game={game} seat={props.seat} size={36} />
        <h2 id="pass-title">
          Pass the device to <strong data-testid="pass-name">{props.name}</strong>
        </h2>
        <p className="muted">{props.reason}</p>
        <button type="button" className="primary big" autoFocus onClick={props.onReady} data-testid="pass-ready">
          I am {props.name}: show my screen
        </button>
      </div>
    </div>
  );
}
