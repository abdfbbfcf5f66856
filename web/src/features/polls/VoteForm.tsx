import '../../i18n/parts/polls.ts';
import { useId, useState, type FormEvent } from 'react';
import * as pollsApi from '../../api/polls.ts';
import type { Poll } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { canVote, toggleChoice } from '../../lib/polls.ts';
import { useEntities } from '../../state/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, Radio } from '../../ui/FormControls.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './PollView.module.css';
import { errorMessage } from '../../lib/errorMessage.ts';

interface VoteFormProps {
  statusId: string;
  poll: Poll;
}

/** Voting: radio buttons (single choice) or checkboxes (multiple), Vote once one is chosen. */
export default function VoteForm({ statusId, poll }: VoteFormProps) {
  const name = useId();
  const Choice = poll.multiple ? Checkbox : Radio;
  const [choices, setChoices] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canVote(choices) || sending) return;
    setSending(true);
    setError(null);
    try {
      const answer = await pollsApi.vote(api, poll.id, choices);
      useEntities.getState().patchStatus(statusId, { poll: answer });
    } catch (cause) {
      setError(errorMessage(cause));
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      <fieldset className={styles.fieldset} disabled={sending}>
        <legend className={styles.legend}>
          {poll.multiple ? t('polls.choose_many') : t('polls.choose_one')}
        </legend>
        {poll.options.map((option, index) => (
          <Choice
            key={index}
            name={name}
            value={index}
            checked={choices.includes(index)}
            onChange={() => setChoices((current) => toggleChoice(current, index, poll.multiple))}
            label={<RichContent inline text={option.title} emojis={poll.emojis} />}
          />
        ))}
      </fieldset>
      {error && (
        <p role="alert" className={styles.error}>
          {t('polls.vote_error', error)}
        </p>
      )}
      <Button type="submit" variant="primary" compact disabled={!canVote(choices) || sending}>
        {sending ? t('polls.voting') : t('polls.vote')}
      </Button>
    </form>
  );
}
