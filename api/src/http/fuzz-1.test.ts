import { fuzzShard } from './route-fuzz';

fuzzShard(0, 3);
