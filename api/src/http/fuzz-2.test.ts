import { fuzzShard } from './route-fuzz';

fuzzShard(1, 3);
