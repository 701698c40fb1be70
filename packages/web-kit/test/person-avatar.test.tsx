import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen } from '@testing-library/react';
import { PersonAvatar, avatarColour } from '../src/ui/person-avatar';

describe('PersonAvatar', () => {
  test('shows the initials, named after the person, while there is no photo', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <PersonAvatar name="Maria da Silva Souza" />
      </FluentProvider>,
    );
    const avatar = screen.getByRole('img', { name: 'Maria da Silva Souza' });
    expect(avatar.textContent).toBe('MS');
    expect(avatar.querySelector('img')).toBeNull();
  });

  test('shows the photo, and the initials again when the photo fails to load', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <PersonAvatar name="João Pereira" photoUrl="/api/broker-profile/photo?v=1" size={96} />
      </FluentProvider>,
    );
    const avatar = screen.getByRole('img', { name: 'João Pereira' });
    const photo = avatar.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/api/broker-profile/photo?v=1');
    expect(avatar.style.width).toBe('96px');
    fireEvent.error(photo!);
    expect(avatar.querySelector('img')).toBeNull();
    expect(avatar.textContent).toBe('JP');
  });

  test('a name always gets the same colour, and names spread over the palette', () => {
    expect(avatarColour('Maria da Silva')).toBe(avatarColour('Maria da Silva'));
    const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Íris', 'Jorge', 'Karina', 'Lucas'];
    expect(new Set(names.map(avatarColour)).size).toBeGreaterThanOrEqual(5);
  });
});
