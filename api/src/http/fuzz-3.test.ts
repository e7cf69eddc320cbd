import { fuzzShard } from './route-fuzz';

fuzzShard(2, 3);
