import type { BeneficialOwnerRegister, OrganizationView } from '@registra/domain';
import { api } from '../../lib/api';
import type { OkAnswer } from '../../types/api';

export type { BeneficialOwnerRegister };

export const amlApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Saves the AML appendices (whole or the changed fields) through the organization's PUT. */
    saveAml: build.mutation<
      OrganizationView,
      { id: string; aml: Record<string, unknown>; updatedAt: string }
    >({
      query: ({ id, aml, updatedAt }) => ({
        url: `/organization/${id}`,
        method: 'PUT',
        body: { aml, updatedAt },
      }),
      transformResponse: (answer: OkAnswer<OrganizationView>) => answer.data,
      // "Data is reloaded after a save."
      invalidatesTags: (_answer, error, { id }) =>
        error
          ? []
          : [
              { type: 'Organization', id },
              { type: 'Organization', id: 'LIST' },
              'Audit',
              'Dashboard',
            ],
    }),
    /** The AML tab's Delete deletes the organization. */
    deleteAmlOrganization: build.mutation<void, string>({
      query: (id) => ({ url: `/organization/${id}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: (_answer, error) =>
        error ? [] : [{ type: 'Organization', id: 'LIST' }, 'Dashboard'],
    }),
    beneficialOwners: build.query<BeneficialOwnerRegister, string>({
      query: (id) => `/organization/${id}/beneficial-owners`,
      transformResponse: (answer: OkAnswer<BeneficialOwnerRegister>) => answer.data,
      providesTags: (_answer, _error, id) => [{ type: 'Link', id: `organization-${id}` }, 'Link'],
    }),
  }),
});

export const { useSaveAmlMutation, useDeleteAmlOrganizationMutation, useBeneficialOwnersQuery } =
  amlApi;
