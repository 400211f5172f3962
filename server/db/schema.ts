/** Everything drizzle-kit turns into migrations: the entity tables and the bespoke ones. */
export * from './entityTables';
export * from './tables/users';
export * from './tables/siteServices';
export * from './tables/company';
export * from './tables/proposals';
export * from './tables/mail';
export * from './tables/revisions';
export * from './tables/demoRecords';
export * from './tables/imports';
export * from './tables/jobs';
export * from './tables/workSlots';
export * from './tables/customFields';
export * from './tables/notices';
export * from './tables/agreements';
export * from './tables/snow';
export * from './tables/photos';
