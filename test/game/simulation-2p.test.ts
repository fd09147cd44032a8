import { simulationSuite } from '../simulate';

simulationSuite(2);
