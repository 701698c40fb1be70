// The runtime schemas of the broker operations, by the same names: read by the services (service-kit route) and the API reference,
// never by a front end, so no page carries a schema it does not validate with.
import { BrokerProfileSchema, BrokerProfileUpdateSchema, PhotoFieldsSchema } from './broker-profile.schemas';

export const saveProfile = { body: BrokerProfileSchema };
export const updateProfile = { body: BrokerProfileUpdateSchema };
export const uploadPhoto = { upload: PhotoFieldsSchema };
