/** The injection token of the one shared Redis connection (RedisModule). */
export const REDIS = Symbol('REDIS');
