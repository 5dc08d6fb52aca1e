import { refuseNonLoopback } from './network-guard';

// Loaded (--import) into the processes a server test starts, which are kept to loopback as well.
refuseNonLoopback();
