// Runs PGlite's initdb in its own short-lived process and writes the fresh cluster as a tar file.
// initdb peaks at ~800 MB RSS in PGlite 0.5; done here, the serving process never pays for it.
import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const target = process.argv[2];
const client = new PGlite();
await client.waitReady;
const dump = await client.dumpDataDir('none');
const temporary = `${target}.${process.pid}.tmp`;
writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
renameSync(temporary, target);
await client.close();
