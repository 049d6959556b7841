import { Avatar, Indicator, Tooltip } from '@mantine/core';
import {
  IconMoodCry,
  IconMoodEmpty,
  IconMoodHappy,
  IconMoodSad,
  IconMoodSmile,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { bandOf, labelIndex, type AvatarPerson } from '@/lib/mood-levels';

/** Avatar sizes in pixels (spec portal-business §2, §9). */
export const AVATAR_SIZES = { large: 96, medium: 60, small: 48, tiny: 36, tinier: 24 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

const MOOD_ICONS: Record<1 | 2 | 3 | 4 | 5, Icon> = {
  1: IconMoodCry,
  2: IconMoodSad,
  3: IconMoodEmpty,
  4: IconMoodSmile,
  5: IconMoodHappy,
};
const ENERGY_COLORS = ['red', 'yellow', 'green'] as const;

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  return `${words[0][0]}${words.length > 1 ? words[words.length - 1][0] : ''}`.toUpperCase();
}

interface MoodAvatarProps {
  member: AvatarPerson;
  /** Default small (48 px). */
  size?: AvatarSize;
}

/**
 * An employee's avatar that shows their mood (spec §2: "Employee avatars can show the
 * mood"): the picture or initials, a mood face for the humor and a ring coloured by the
 * energy; the tooltip has the name, position and values.
 */
export function MoodAvatar({ member, size = 'small' }: MoodAvatarProps) {
  const { t } = useTranslation('mood');
  const px = AVATAR_SIZES[size];
  const emo = member.emo;
  const face = emo ? MOOD_ICONS[labelIndex(emo.humor)] : null;
  const ring = emo ? ENERGY_COLORS[bandOf(emo.energy)] : 'gray';
  const label = emo
    ? t('avatarMood', {
        name: member.nome,
        humor: emo.humor.toFixed(1),
        humorLabel: t(`humor_${labelIndex(emo.humor)}`),
        energy: emo.energy.toFixed(1),
        energyLabel: t(`energia_${labelIndex(emo.energy)}`),
      })
    : t('avatarNoMood', { name: member.nome });
  const FaceIcon = face;
  return (
    <Tooltip label={member.title ? `${label} · ${member.title}` : label} withArrow>
      <div data-testid="mood-avatar" data-employee={member.id} aria-label={label} style={{ display: 'inline-block' }}>
        <Indicator
          disabled={!FaceIcon}
          inline
          size={Math.max(14, Math.round(px / 2.6))}
          offset={Math.round(px / 7)}
          position="bottom-end"
          color="var(--mantine-color-body)"
          label={FaceIcon ? <FaceIcon size={Math.max(12, Math.round(px / 3))} color="var(--mantine-color-text)" /> : null}
        >
          <Avatar
            src={member.picture || null}
            alt={member.nome}
            size={px}
            radius="xl"
            color={ring}
            variant="light"
            style={{ outline: `3px solid var(--mantine-color-${ring}-5)`, outlineOffset: 1 }}
          >
            {initials(member.nome)}
          </Avatar>
        </Indicator>
      </div>
    </Tooltip>
  );
}
