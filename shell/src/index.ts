// Module Federation needs an async boundary before shared modules are used.
import('./bootstrap').catch((error: unknown) => {
  // Without the app there is no React to show an error with: say it in plain text.
  console.error('Corretora CRM: a aplicação não carregou', error);
  document.body.textContent = 'Não foi possível carregar o Corretora CRM. Verifique sua conexão e recarregue a página.';
});
