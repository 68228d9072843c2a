// The API's types under the names the web app uses. The shapes come from the
// Go types of the routes: scripts/gen-api writes the OpenAPI document and
// schema.d.ts from it. A schema is named after its Go package and type
// (periods.Period → PeriodsPeriod); a request body's struct gets an Input
// suffix (PeriodsPeriodInput), where only the fields the server requires are
// required. Declare API shapes here as aliases, never by hand: when the Go
// side changes, regenerating makes the type checker show what to adapt.
import type { components } from './schema';

type Schemas = components['schemas'];

/** The error shape of every 4xx and 5xx answer. */
export type Problem = Schemas['HttpapiProblem'];
/** One reason in an error answer, e.g. one invalid field. */
export type ProblemEntry = Schemas['HttpapiProblemEntry'];

/** A calendar date as the API sends it: YYYY-MM-DD. */
export type DateString = Schemas['PeriodsDate'];

/** Where a semester stands, decided by the server from its dates. */
export type PeriodStatus = Schemas['PeriodsStatus'];
/** A semester (`GET /api/periods`, `GET /api/periods/{id}`). */
export type Period = Schemas['PeriodsPeriod'];
/** The body of `POST /api/periods`: the proposal shown, or nothing. */
export type PeriodInput = Schemas['PeriodsPeriodInput'];
