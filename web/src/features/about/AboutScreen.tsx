import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { FeaturesPanel } from './FeaturesPanel.tsx';
import { FederationPolicyPanel } from './FederationPolicyPanel.tsx';
import { InstancePanel } from './InstancePanel.tsx';
import styles from './AboutScreen.module.css';
import { StaffPanel } from './StaffPanel.tsx';
import { TermsOfServicePanel } from './TermsOfServicePanel.tsx';

/** The about page: instance panel, staff, terms of service, federation policy, features. */
export function AboutScreen() {
  const policy = useInstance((state) => state.config.federationPolicy);
  return (
    <div className={styles.about}>
      <h1 className={styles.title}>{t('nav.about')}</h1>
      <InstancePanel />
      <StaffPanel />
      <TermsOfServicePanel />
      {policy && <FederationPolicyPanel policy={policy} />}
      <FeaturesPanel everyone />
    </div>
  );
}
