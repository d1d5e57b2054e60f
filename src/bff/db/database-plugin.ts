import fp from 'fastify-plugin';
import { embeddedDatabasePath, openBffDatabase, type BffDatabaseHandle } from './connect.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: BffDatabaseHandle;
  }
}

export interface DatabasePluginOptions {
  /** `postgres://…` (shared by replicas), `memory://` (tests), or unset for PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** Opens the BFF's database (migrating it) and closes it last, after the routes have stopped. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const database = await openBffDatabase(options.databaseUrl ?? embeddedDatabasePath(options.dataDir));
    app.decorate('database', database);
    app.addHook('onClose', () => database.close());
    app.log.info({ database: database.description }, 'BFF database open');
  },
  { name: 'bff-database' },
);
