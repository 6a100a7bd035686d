// The resolver lives in shared (the portal-only feature forms use it too); the portal's forms import it from here.
export { schemaResolver } from '@kiwi/shared/forms/schema-resolver';
