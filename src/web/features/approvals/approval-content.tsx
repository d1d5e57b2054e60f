import { plural, t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { chargeRequestTotals, type Approval } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { ChargeTotalsTable } from '../../components/charge-totals-table.tsx';
import { ScheduleTable } from '../../components/schedule-table.tsx';
import { signConvention, transactionTypeWord, vatTypeWord } from '../../lib/charge-amount.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { canAdminister } from '../../../contract/bff-api.ts';
import { CampaignRows } from './campaign-rows.tsx';

/** The body as the console will send it, read back; null when it is no charge request (it is shown raw). */
function chargeOf(bodyText: string) {
  try {
    return chargeRequestTotals(JSON.parse(bodyText))?.charge ?? null;
  } catch {
    return null;
  }
}

/** A charge or credit's request: its fields in words, the totals, every execution, and the bytes themselves. */
export function ChargeApprovalContent({ approval, locale }: { approval: Approval; locale: string }) {
  const charge = chargeOf(approval.body_text);
  const type = approval.type_of_transaction ?? charge?.type_of_transaction ?? 'charge';
  const amount = charge ? formatCents(charge.amount_cent, locale) : '';
  const executions = charge?.no_of_executions ?? 1;
  const due = charge ? formatDate(charge.due_date) : '';
  return (
    <section className="card" aria-labelledby="booking-heading">
      <h2 id="booking-heading">{t`The booking`}</h2>
      <dl className="record">
        <div>
          <dt>{t`Contract`}</dt>
          <dd>
            <code>
              {approval.user_id}/{approval.contract_id}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t`Type`}</dt>
          <dd>{transactionTypeWord(type)}</dd>
        </div>
        {charge && (
          <>
            <div>
              <dt>{executions === 1 ? t`Amount` : t`Amount per execution`}</dt>
              <dd>
                {charge.is_gross ? t`${amount} gross` : t`${amount} net`}, {vatTypeWord(charge.vat_type)}
              </dd>
            </div>
            <div>
              <dt>{t`Executions`}</dt>
              <dd>
                {executions === 1
                  ? t`once, due ${due}`
                  : charge.execution_cycle === 'year'
                    ? t`${executions} times yearly from ${due}`
                    : t`${executions} times monthly from ${due}`}
              </dd>
            </div>
            <div>
              <dt>{t`Display name`}</dt>
              <dd>{charge.display_name}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t`Input ID`}</dt>
          <dd>
            <code>{approval.input_id}</code>
          </dd>
        </div>
      </dl>
      <h3>{t`Totals`}</h3>
      <p className="hint">{signConvention()}</p>
      <ChargeTotalsTable totals={approval.totals} locale={locale} />
      {approval.schedule && approval.schedule.length > 0 && (
        <>
          <h3>{t`Schedule`}</h3>
          <ScheduleTable rows={approval.schedule} typeOfTransaction={type} locale={locale} />
        </>
      )}
      <RequestAsSent approval={approval} />
    </section>
  );
}

/** The method, path and body byte for byte, and the digest an approval signs. */
function RequestAsSent({ approval }: { approval: Approval }) {
  return (
    <>
      <h3>{t`The request, byte for byte`}</h3>
      {/* Code, not words: a German page keeps the API's English field names and values. */}
      <pre className="request-text" data-testid="request-text" tabIndex={0}>
        <code>{`${approval.method} /api${approval.path}\n\n${approval.body_text}`}</code>
      </pre>
      <p className="hint">
        {t`SHA-256 of method, path and body:`} <code className="digest">{approval.digest}</code>
      </p>
    </>
  );
}

/** A bulk charges campaign waiting to start: its file, totals and contracts, and the campaign's page. */
export function BulkApprovalContent({
  approval,
  campaign,
  locale,
}: {
  approval: Approval;
  campaign: NonNullable<Approval['campaign']>;
  locale: string;
}) {
  const user = useCurrentUser();
  const more = campaign.contract_count - campaign.contracts.length;
  // A campaign is shown to its owner and to admins only.
  const mayOpen = approval.requested_by === user.username || canAdminister(user.role);
  return (
    <section className="card" aria-labelledby="campaign-heading">
      <h2 id="campaign-heading">{t`The bulk campaign`}</h2>
      <dl className="record">
        <div>
          <dt>{t`File`}</dt>
          <dd>
            <code>{campaign.file_name}</code>
          </dd>
        </div>
        <div>
          <dt>{t`Rows`}</dt>
          <dd>{formatNumber(campaign.rows)}</dd>
        </div>
        <div>
          <dt>{t`Contracts`}</dt>
          <dd>{formatNumber(campaign.contract_count)}</dd>
        </div>
      </dl>
      {mayOpen && (
        <p>
          <Link to="/bulk/charges" search={{ campaign: campaign.id }}>
            {t`Open the campaign`}
          </Link>
        </p>
      )}
      <h3>{t`Totals`}</h3>
      <p className="hint">{signConvention()}</p>
      <ChargeTotalsTable totals={approval.totals} locale={locale} />
      <h3>{t`Contracts`}</h3>
      <ul className="approval-contracts">
        {campaign.contracts.map((contract) => (
          <li key={`${contract.user_id}/${contract.contract_id}`}>
            <code>
              {contract.user_id}/{contract.contract_id}
            </code>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="hint">{plural(more, { one: 'and # more contract', other: 'and # more contracts' })}</p>
      )}
      <CampaignRows approvalId={approval.id} locale={locale} />
    </section>
  );
}
