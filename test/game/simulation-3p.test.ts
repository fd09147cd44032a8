import { simulationSuite } from '../simulate';

simulationSuite(3);
