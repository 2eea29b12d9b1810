/** See find-redis.mjs: the path of a redis-server (or valkey-server) binary, installed with apt as root when missing. */
export function findRedisServer(): string;
export function missingRedisPackages(): string[];
