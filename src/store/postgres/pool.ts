import pg from 'pg';

/** PostgreSQL's type id of BIGINT (int8). */
const INT8 = 20;

/**
 * node-postgres returns BIGINT as a string, since it can exceed 2^53; the store's BIGINT columns hold milliseconds
 * since the epoch, far below that, so this pool reads them as numbers (for this pool only: no global parser is set).
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    id === INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections per process (node-postgres' default is 10). */
  max?: number;
}

export function openPool(url: string, options: PoolOptions = {}): pg.Pool {
  return new pg.Pool({ connectionString: url, types, max: options.max ?? 10 });
}

/** Anything that runs a query: the pool, or one client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** Runs `work` in one transaction on one connection: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
