import { simulationSuite } from '../simulate';

simulationSuite(4);
