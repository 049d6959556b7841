import { Drawer, type DrawerProps } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { SURVEY_DRAWER, surveyDrawerSize } from '../utils/drawer';

/** A drawer of the surveys: on the right, as wide as the viewport allows (spec §2, §9). */
export function SurveyDrawer(props: DrawerProps) {
  const { width } = useViewportSize();
  return (
    <Drawer
      position="right"
      size={surveyDrawerSize(width || SURVEY_DRAWER.small)}
      styles={{ content: { maxWidth: SURVEY_DRAWER.max } }}
      {...props}
    />
  );
}
