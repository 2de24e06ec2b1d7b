// next_step: a concrete, dated commitment with an owner.
import type { Signals } from '../signals/index.ts';
import type { DimensionScore } from './types.ts';

export function scoreNextStep(s: Signals): DimensionScore {
  const n = s.nextStep;
  return { dimension: 'next_step', score: n.level, reasons: [`${n.kind}${n.agreed ? ', agreed' : ''}${n.invite ? ', invite' : ''}`] };
}

