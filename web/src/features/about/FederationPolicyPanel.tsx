import '../../i18n/parts/about.ts';
import { useId } from 'react';
import type { FederationPolicy, PolicyInstance } from '../../api/federationPolicy.ts';
import { t } from '../../i18n/index.ts';
import styles from './Panel.module.css';
import policyStyles from './FederationPolicyPanel.module.css';

function InstanceTable({ caption, instances }: { caption: string; instances: PolicyInstance[] }) {
  return (
    <table className={policyStyles.table}>
      <caption className={policyStyles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('about.mrf.instance')}</th>
          <th scope="col">{t('about.mrf.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {instances.map((instance) => (
          <tr key={instance.host}>
            <td>{instance.host}</td>
            <td>{instance.reason || t('about.mrf.no_reason')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function KeywordList({ titleKey, items }: { titleKey: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h4 className={policyStyles.subtitle}>{t(titleKey)}</h4>
      <ul className={policyStyles.keywords}>
        {items.map((item) => (
          <li key={item}>
            <code>{item}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Federation policy transparency: the MRF policies and what they do to which instances. */
export function FederationPolicyPanel({ policy }: { policy: FederationPolicy }) {
  const id = useId();
  const { keywords } = policy;
  const hasKeywords =
    keywords.reject.length + keywords.federatedTimelineRemoval.length + keywords.replace.length > 0;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('about.mrf.title')}
      </h2>
      <div className={styles.body}>
        <p className={styles.muted}>{t('about.mrf.description')}</p>
        {policy.policies.length > 0 && (
          <>
            <h3 className={policyStyles.subtitle}>{t('about.mrf.policies')}</h3>
            <ul className={policyStyles.keywords}>
              {policy.policies.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        )}
        {policy.simple.map((entry) => (
          <InstanceTable
            key={entry.action}
            caption={t(`about.mrf.simple.${entry.action}`)}
            instances={entry.instances}
          />
        ))}
        {hasKeywords && (
          <>
            <h3 className={policyStyles.subtitle}>{t('about.mrf.keyword.title')}</h3>
            <KeywordList titleKey="about.mrf.keyword.reject" items={keywords.reject} />
            <KeywordList
              titleKey="about.mrf.keyword.federated_timeline_removal"
              items={keywords.federatedTimelineRemoval}
            />
            <KeywordList
              titleKey="about.mrf.keyword.replace"
              items={keywords.replace.map((rule) =>
                t('about.mrf.keyword.replacement', rule.pattern, rule.replacement),
              )}
            />
          </>
        )}
      </div>
    </section>
  );
}
