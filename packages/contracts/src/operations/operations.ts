import * as AUTH_OPERATIONS from './auth.operations';
import * as BROKER_OPERATIONS from './broker.operations';
import * as CATALOGUE_OPERATIONS from './catalogues.operations';
import * as FINANCE_OPERATIONS from './finance.operations';
import * as IMPORT_OPERATIONS from './imports.operations';
import * as PIPELINE_OPERATIONS from './pipeline.operations';
import * as PORTAL_OPERATIONS from './portal.operations';
import * as PRIVACY_OPERATIONS from './privacy.operations';
import * as RELATIONSHIP_OPERATIONS from './relationship.operations';
import * as TEAM_OPERATIONS from './team.operations';
import * as WHATSAPP_OPERATIONS from './whatsapp.operations';
import type { AnyOperation } from '../vocabulary/operation';

/** Every operation of every service, flattened: the OpenAPI document and the coverage test read it. */
export function allOperations(): AnyOperation[] {
  const flatten = (group: object): AnyOperation[] =>
    Object.values(group).flatMap((entry: AnyOperation | object) =>
      'method' in entry && 'path' in entry ? [entry as AnyOperation] : flatten(entry),
    );
  return [
    AUTH_OPERATIONS,
    BROKER_OPERATIONS,
    CATALOGUE_OPERATIONS,
    PIPELINE_OPERATIONS,
    FINANCE_OPERATIONS,
    IMPORT_OPERATIONS,
    RELATIONSHIP_OPERATIONS,
    TEAM_OPERATIONS,
    PRIVACY_OPERATIONS,
    PORTAL_OPERATIONS,
    WHATSAPP_OPERATIONS,
  ].flatMap(flatten);
}
