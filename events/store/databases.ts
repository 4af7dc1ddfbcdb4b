import pg from "pg"

/** Creates the database unless it exists; returns the URL of that database. */
export const ensureDatabase = async (adminUrl: string, name: string): Promise<string> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name])
    if (found.rowCount === 0) {
      await client
        .query(`create database ${client.escapeIdentifier(name)}`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error // created meanwhile by another process
        })
    }
  } finally {
    await client.end()
  }
  return withDatabase(adminUrl, name)
}

export const dropDatabase = async (adminUrl: string, name: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
  } finally {
    await client.end()
  }
}

export const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}
