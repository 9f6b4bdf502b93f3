/**
 * The prospects area's composition and its public face to other areas: the finder and the
 * LinkedIn search tasks save what they find into prospect lists through `addFoundProspects`.
 */
import type { JobQueue } from '../../jobs/queue';
import type { AreaDeps } from '../../platform';
import type { VerificationActor, VerificationModule } from '../verification/module';

/** A prospect found by another area (finder, domain search, LinkedIn task). */
export interface FoundProspect {
  name: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  email?: string | undefined;
  /** Verification status already known for the email (skips a second check). */
  emailStatus?: 'valid' | 'not_valid' | 'catch_all' | 'unknown' | 'greylist' | undefined;
  position?: string | undefined;
  companyName?: string | undefined;
  companyUrl?: string | undefined;
  linkedinUrl?: string | undefined;
  country?: string | undefined;
  location?: string | undefined;
}

export interface ProspectsModule {
  /** Called once the durable job queue has started (absent in tests that run without jobs). */
  useQueue(queue: JobQueue | undefined): void;
  /**
   * Saves found prospects into a list of the actor (an existing list by id, or a new list by
   * name), applying the duplicate rules of the prospects area. Throws DomainError('not_found')
   * for a list the actor may not write to.
   */
  addFoundProspects(
    actor: VerificationActor,
    target: { listId: number } | { listName: string },
    rows: FoundProspect[],
  ): Promise<{ listId: number; added: number; duplicates: number }>;
}

export function createProspectsModule(_deps: AreaDeps & { verification: VerificationModule }): ProspectsModule {
  // Filled in by the prospects work of issue 5.
  const notYet = async (): Promise<never> => {
    throw new Error('prospects module not wired yet');
  };
  return { useQueue: () => undefined, addFoundProspects: notYet };
}
