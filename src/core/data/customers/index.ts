/** The customers repository (migration 13): customers, their updates, the facts composing reads, and the team's side. */
import type { WritableDB } from '../handles.js';
import { type CustomerReads, type CustomerWrites, createCustomers } from './customers.js';
import { type CustomerFactReads, createCustomerFacts } from './facts.js';
import { type CustomerTeamReads, type CustomerTeamWrites, createCustomerTeam } from './team.js';

export type CustomersRead = CustomerReads & CustomerFactReads & CustomerTeamReads;
export type CustomersWrite = CustomerWrites & CustomerTeamWrites;

export function createCustomerRepository(db: WritableDB, file: string): { reads: CustomersRead; writes: CustomersWrite } {
  const customers = createCustomers(db, file);
  const team = createCustomerTeam(db);
  return {
    reads: { ...customers.reads, ...createCustomerFacts(db), ...team.reads },
    writes: { ...customers.writes, ...team.writes },
  };
}
