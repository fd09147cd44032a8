/** Registers the published maps, Rome and Paris (imported by the game; maps/index.ts cannot, as they import it). */
import './rome';
import './paris';
