const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` can be a `uuid` column's value; PostgreSQL throws on anything else instead of matching nothing. */
export const isUuid = (id: string): boolean => UUID.test(id)
