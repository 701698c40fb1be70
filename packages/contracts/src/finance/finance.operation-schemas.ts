// The runtime schemas of the finance operations, by the same names: read by the services (service-kit route) and the API reference,
// never by a front end, so no page carries a schema it does not validate with.
import { ClaimInputSchema, ClaimQuerySchema, ClaimStatusSchema, CommissionsQuerySchema, DocumentFieldsSchema, DocumentQuerySchema, PolicyIssueSchema, PolicyPdfFieldsSchema, PolicyQuerySchema } from './finance.schemas';

export const policies = { query: PolicyQuerySchema };
export const claims = { query: ClaimQuerySchema };
export const createClaim = { body: ClaimInputSchema };
export const updateClaim = { body: ClaimInputSchema };
export const changeClaimStatus = { body: ClaimStatusSchema };
export const commissions = { query: CommissionsQuerySchema };
export const documents = { query: DocumentQuerySchema };
export const uploadDocument = { upload: DocumentFieldsSchema };
export const attachPolicyPdf = { upload: PolicyPdfFieldsSchema };
export const issuePolicy = { body: PolicyIssueSchema };
