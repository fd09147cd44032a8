/**
 * A seat's mark beside its name on the site's own pages (the seat chips, the
 * setup's seat rows, the pass screen, "Your matches"): the game's own mark,
 * its colour and shape as its board draws it, so that the shell and the board
 * agree and colour is never the only cue; a dot of the seat's colour for a
 * game without one. Hidden from screen readers: the name beside it says who.
 */
import { seatStyle, type ClientGame } from './games';

export function SeatDot(props: { game: ClientGame; seat: number | string; size?: number }) {
  const { game, seat, size = 14 } = props;
  const Mark = game.SeatMark;
  if (Mark)
    return (
      <span className="seat-mark-box" aria-hidden data-testid="seat-mark">
        <Mark seat={Number(seat)} size={size} />
      </span>
    );
  return <span className="seat-dot" style={{ ...seatStyle(game, seat), width: size, height: size }} aria-hidden />;
}
