// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WELL_BEING_QUESTION_IDS } from '../../domain/well-being';
import { featureHost as host } from '../test-support';
import { SurveyAnswerForm } from './survey-answer-form';
import { SurveyResult } from './survey-result';

afterEach(cleanup);

const survey = (attributes: Record<string, unknown> = {}) => ({
  type: 'well-being-surveys',
  id: '7',
  attributes: {
    title: 'Autumn',
    'expired-at': '2030-06-30T14:59:00.000Z',
    'organization-id': 1,
    open: true,
    'answered-summary': { answered: 1, invited: 9 },
    'answered-by-me': false,
    'last-reminded-at': null,
    ...attributes,
  },
  relationships: { organization: { data: { type: 'organizations', id: '1' } } },
});
const organization = { type: 'organizations', id: '1', attributes: { name: 'ACME', identifier: 'acme', archived: false } };
const surveyDocument = (attributes: Record<string, unknown> = {}) => ({ body: { data: survey(attributes), included: [organization] } });

describe('SurveyAnswerForm', () => {
  it('needs every statement: an early submit says how many are left and sends nothing', async () => {
    const { sent, wrapper } = host({ 'GET /api/well_being_surveys/7': surveyDocument() });
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByRole('heading', { name: 'Autumn' });
    expect(screen.getAllByRole('group')).toHaveLength(WELL_BEING_QUESTION_IDS.length);
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please answer every statement (15 left)');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('marks the unanswered statements after an early submit, focuses the first, and counts down as they are answered', async () => {
    const { sent, wrapper } = host({ 'GET /api/well_being_surveys/7': surveyDocument() });
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByRole('heading', { name: 'Autumn' });
    const groups = screen.getAllByRole('group');
    fireEvent.click(within(groups[1]!).getByRole('radio', { name: '7' }));
    expect(screen.getByText('1 of 15 answered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please answer every statement (14 left)');
    await waitFor(() => expect(document.activeElement).toBe(within(groups[0]!).getByRole('radio', { name: '0' })));
    expect(groups[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(groups[0]!.textContent).toContain('Not answered yet');
    expect(groups[1]!.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.click(within(groups[0]!).getByRole('radio', { name: '3' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please answer every statement (13 left)'));
    expect(groups[0]!.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByText('2 of 15 answered')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends all fifteen answers, shows progress, thanks, tells the host and leads to the result', async () => {
    const notify = vi.fn();
    const { sent, navigated, wrapper } = host(
      {
        'GET /api/well_being_surveys/7': surveyDocument(),
        'POST /api/well_being_surveys/7/answers': {
          status: 201,
          body: { data: { type: 'well-being-survey-answers', id: '1', attributes: { scores: {} } } },
        },
      },
      { notify },
    );
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByRole('heading', { name: 'Autumn' });
    for (const group of screen.getAllByRole('group')) fireEvent.click(within(group).getByRole('radio', { name: '4' }));
    expect(screen.getByText('15 of 15 answered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await screen.findByText('Thank you for answering');
    expect(notify).toHaveBeenCalledExactlyOnceWith({ type: 'survey-answered', surveyId: '7' });
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ well_being_survey_answer: { answers: Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, 4])) } });
    fireEvent.click(screen.getByRole('button', { name: 'View your result' }));
    expect(navigated).toEqual(['/org/acme/well_being_surveys/7/result']);
  });

  it('shows the server’s refusal of a second answer (and tells the host nothing)', async () => {
    const notify = vi.fn();
    const { wrapper } = host(
      {
        'GET /api/well_being_surveys/7': surveyDocument(),
        'POST /api/well_being_surveys/7/answers': {
          status: 409,
          body: { errors: [{ status: '409', code: 'survey.alreadyAnswered', detail: 'You have already answered this survey' }] },
        },
      },
      { notify },
    );
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByRole('heading', { name: 'Autumn' });
    for (const group of screen.getAllByRole('group')) fireEvent.click(within(group).getByRole('radio', { name: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already answered this survey');
    expect(notify).not.toHaveBeenCalled();
  });

  it('tells a reader outside the survey’s organisation that only its members answer', async () => {
    const { wrapper } = host({ 'GET /api/well_being_surveys/7': surveyDocument({ 'answered-by-me': null }) });
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByText("Only members of the survey's organization can answer it");
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });

  it('says so for a closed survey', async () => {
    const { wrapper } = host({ 'GET /api/well_being_surveys/7': surveyDocument({ open: false }) });
    render(<SurveyAnswerForm surveyId="7" />, { wrapper });
    await screen.findByText('This survey is closed.');
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });
});

const scores = (value: number | null) => ({ physical: value, relationship: value, career: value, community: value, economically: value });
const resultDocument = (attributes: Record<string, unknown>, surveyAttributes: Record<string, unknown> = {}) => ({
  body: {
    data: {
      type: 'well-being-survey-results',
      id: '7',
      attributes: { 'answered-summary': { answered: 6, invited: 9 }, 'anonymity-threshold': 5, published: true, ...attributes },
      relationships: { survey: { data: { type: 'well-being-surveys', id: '7' } } },
    },
    included: [survey(surveyAttributes), organization],
  },
});

describe('SurveyResult', () => {
  it('shows a member their scores and explains the hidden average', async () => {
    const { wrapper } = host({
      'GET /api/well_being_surveys/7/result': resultDocument(
        {
          'own-scores': scores(70),
          'organization-average': scores(null),
          groups: null,
        },
        { open: false },
      ),
    });
    render(<SurveyResult surveyId="7" />, { wrapper });
    const table = await screen.findByRole('table', { name: 'Your scores and the organization average' });
    expect(within(table).getByRole('row', { name: /Physical/ }).textContent).toContain('70');
    expect(screen.getByText('The organization average is shown once at least 5 members have answered.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Organization results' })).toBeNull();
  });

  it('says that averages are published after the deadline while the survey is open', async () => {
    const { wrapper } = host({
      'GET /api/well_being_surveys/7/result': resultDocument({
        'own-scores': scores(70),
        'organization-average': scores(null),
        published: false,
        groups: [{ id: 1, name: 'Large team', answers: null, scores: null }],
      }),
    });
    render(<SurveyResult surveyId="7" />, { wrapper });
    expect(await screen.findAllByText('Averages are published after the deadline.')).toHaveLength(2);
    expect(screen.queryByText('The organization average is shown once at least 5 members have answered.')).toBeNull();
  });

  it('shows a manager the groups with enough answers and the reminder', async () => {
    const { wrapper } = host({
      'GET /api/well_being_surveys/7/result': resultDocument({
        'own-scores': null,
        'organization-average': scores(56.7),
        groups: [
          { id: 1, name: 'Large team', answers: 5, scores: scores(48) },
          { id: 2, name: 'Small team', answers: null, scores: null },
        ],
      }),
    });
    render(<SurveyResult surveyId="7" />, { wrapper });
    await screen.findByRole('heading', { name: 'Organization results' });
    // No own scores: the chart is the organisation's average by dimension.
    // The chart (uPlot and its table) is a lazy chunk.
    const average = await screen.findByRole('table', { name: 'Average by dimension' });
    expect(within(average).getByRole('row', { name: /Physical/ }).textContent).toContain('56.7');
    const groups = screen.getByRole('table', { name: 'Average by group' });
    expect(within(groups).getByRole('row', { name: /Large team/ }).textContent).toContain('48');
    expect(within(groups).getByRole('row', { name: /Small team/ }).textContent).toContain('Hidden (fewer than 5 answers');
    expect(screen.getByRole('button', { name: 'Send reminder' })).toBeTruthy();
  });
});
