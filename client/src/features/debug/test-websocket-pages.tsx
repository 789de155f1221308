import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { userChannel } from '../../lib/realtime/protocol.ts';
import { ConnectionStateCard, DebugPage, MessageLog } from './connection-parts.tsx';
import { CrazyRoomPicker } from './crazy-room-picker.tsx';
import type { TestProblem } from './test-connection.ts';
import type { TestPageData } from './test-page-loader.ts';
import { useTestConnection, type TestConnectionHandle } from './use-test-connection.ts';

/** The page's own socket, opened only once the loader's auth test passed. */
function useTestPage(): { handle: TestConnectionHandle; authFailed: boolean; userId: string | null } {
  const { authTest } = useLoaderData<TestPageData>();
  const token = useAuth((snapshot) => snapshot.context.token);
  const user = useAuth(selectUser);
  const handle = useTestConnection(token, authTest === 'ok');
  return { handle, authFailed: authTest === 'failed', userId: token && user ? user.id : null };
}

function Problems({ problems }: { problems: readonly TestProblem[] }) {
  const { t } = useTranslation('debug');
  if (problems.length === 0) return null;
  return (
    <div className="card" role="alert" data-testid="ws-problems">
      {problems.map((problem) => (
        <p key={problem} className="form-error" data-problem={problem}>
          {t(`problems.${problem}`)}
        </p>
      ))}
    </div>
  );
}

function Channels({ channels }: { channels: TestConnectionHandle['snapshot']['channels'] }) {
  const { t } = useTranslation('debug');
  return (
    <>
      <h2 className="section-title">{t('test.channels')}</h2>
      {channels.length === 0 ? (
        <p className="card empty-state muted">{t('test.noChannels')}</p>
      ) : (
        <ul className="card log" data-testid="ws-channels">
          {channels.map(({ channel, status }) => (
            <li key={channel} className="row row-between" data-channel={channel} data-status={status}>
              <code>{channel}</code>
              <span className="badge">{t(`test.channelStatus.${status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What every test page shows: the state, what went wrong, the channels, then the log. */
function TestSocketView(props: { title: string; page: ReturnType<typeof useTestPage>; children?: ReactNode }) {
  const { t } = useTranslation('debug');
  const { handle, authFailed, userId } = props.page;
  const { snapshot } = handle;
  return (
    <DebugPage title={props.title}>
      <ConnectionStateCard state={authFailed ? 'closed' : snapshot.state} onReconnect={handle.reconnect} />
      <Problems problems={authFailed ? ['auth_failed'] : snapshot.problems} />
      {userId === null && <p className="card muted">{t('test.guest')}</p>}
      {props.children}
      <Channels channels={snapshot.channels} />
      <MessageLog log={snapshot.log} />
    </DebugPage>
  );
}

/** /test-websocket: the socket, the signed-in player's own channel and the private test channel. */
export function TestWebsocketPage() {
  const { t } = useTranslation('debug');
  const page = useTestPage();
  const { follow } = page.handle;
  useEffect(() => {
    if (page.userId) follow(userChannel(page.userId));
  }, [follow, page.userId]);
  return <TestSocketView title={t('test.title')} page={page} />;
}

/** /test-websocket-simple: the socket and, signed in, the private test channel; no channel of the player's own. */
export function TestWebsocketSimplePage() {
  const { t } = useTranslation('debug');
  return <TestSocketView title={t('test.simpleTitle')} page={useTestPage()} />;
}

/** /test-crazy-websocket and /test-websocket-crazy: a Crazy room's channel (room:<code>) as well. */
export function TestCrazyWebsocketPage() {
  const { t } = useTranslation('debug');
  const page = useTestPage();
  return (
    <TestSocketView title={t('test.crazyTitle')} page={page}>
      <CrazyRoomPicker follow={page.handle.follow} signedIn={page.userId !== null} />
    </TestSocketView>
  );
}
