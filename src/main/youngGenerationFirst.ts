import { keepYoungGenerationSmall } from '../core/youngGeneration.ts';

// The first import of the app's main process (index.ts): run from the
// sources, before any other module of the app; bundled, right after the
// shared chunks it imports. V8's young generation then keeps about the
// size it started with (see core/youngGeneration.ts). The load benchmark
// imports it first too.
keepYoungGenerationSmall();
